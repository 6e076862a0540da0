import type { MessageKey, Translate } from '../../i18n/i18n';

/**
 * Display labels of stored facet values. Products keep their values as written in the catalogue
 * (Romanian) and the address keeps them as query values; only what is shown is translated. A value
 * without a label here (a new binding, an author) is shown as stored.
 */
const labels: Record<'binding' | 'translation' | 'language', Record<string, MessageKey>> = {
  binding: {
    'Copertă broșată': 'value.binding.paperback',
    'Copertă cartonată': 'value.binding.hardcover',
    'Copertă flexibilă': 'value.binding.flexible',
    'Copertă din piele': 'value.binding.leather',
    'Copertă din imitație de piele': 'value.binding.imitationLeather',
    'Copertă cu fermoar': 'value.binding.zip',
    'Pagini cartonate': 'value.binding.boardBook',
    Spirală: 'value.binding.spiral',
    'Carcasă CD': 'value.binding.cdCase',
  },
  translation: {
    'Cornilescu revizuită': 'value.translation.cornilescuRevised',
    'Noua Traducere Românească (NTR)': 'value.translation.ntr',
    'Biblia Fidelă': 'value.translation.fidela',
    'Biblia Ortodoxă (Sinodală)': 'value.translation.synodal',
    'Biblia Bucureşti 1688': 'value.translation.bucharest1688',
  },
  language: {
    ro: 'language.ro',
    en: 'language.en',
    hu: 'language.hu',
    'ro-en': 'language.ro-en',
  },
};

export type LabelledFacet = keyof typeof labels;

export function isLabelledFacet(param: string): param is LabelledFacet {
  return param in labels;
}

export function facetValueLabel(t: Translate, facet: LabelledFacet, value: string): string {
  const key = labels[facet][value];
  return key ? t(key) : value;
}
