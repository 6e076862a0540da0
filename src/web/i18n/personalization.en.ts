import type { EnglishOf } from './i18n';
import type { personalizationRo } from './personalization.ro';

/** English texts of personalised products. */
export const personalizationEn: EnglishOf<typeof personalizationRo> = {
  'personalization.heading': 'Personalisation',
  'personalization.requiredIntro': 'This product is made to order: fill in the fields marked with *.',
  'personalization.optionalIntro': 'Optional: fill in the fields only if you want the personalisation.',
  'personalization.requiredMark': 'required',
  'personalization.cost': '+{amount}',
  'personalization.costLine': 'Personalisation: +{amount} per piece',
  'personalization.unitTotal': 'Price per piece, with personalisation: {amount}',
  'personalization.maxLength': 'At most {max} characters.',
  'personalization.imageHint': 'JPEG, PNG or WebP, at most 5 MB.',
  'personalization.uploading': 'Uploading the picture…',
  'personalization.uploaded': 'The picture was uploaded.',
  'personalization.uploadFailed': 'The picture could not be uploaded. Please try again.',
  'personalization.preview': 'The picture uploaded for “{label}”',
  'personalization.removeImage': 'Remove the picture',
  'personalization.withdrawalNote':
    'Personalised items are made to your specifications, so the right of withdrawal does not apply to them (Romanian GEO 34/2014, art. 16(c)). Check the text before you order.',
  'personalization.backToProduct': 'Back to the product, to complete the personalisation',
  'personalization.summary': 'Personalisation',
  'personalization.summaryImage': 'Uploaded picture',
};
