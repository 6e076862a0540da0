/** The look of the consent buttons, shared by the banner and the settings form. */
export const consentButton = 'rounded px-4 py-2 text-sm font-semibold';
