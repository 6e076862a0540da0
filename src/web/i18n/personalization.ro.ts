/**
 * Personalised products (issue 10 item 3): the product page's form and the cart's summary. The withdrawal
 * note follows OUG 34/2014 art. 16 lit. c (goods made to the consumer's specifications), DESIGN §6.
 */
export const personalizationRo = {
  'personalization.heading': 'Personalizare',
  'personalization.requiredIntro': 'Acest produs se realizează la comandă: completați câmpurile marcate cu *.',
  'personalization.optionalIntro': 'Opțional: completați câmpurile doar dacă doriți personalizarea.',
  'personalization.requiredMark': 'obligatoriu',
  'personalization.cost': '+{amount}',
  'personalization.costLine': 'Personalizare: +{amount} pe bucată',
  'personalization.unitTotal': 'Preț pe bucată, cu personalizare: {amount}',
  'personalization.maxLength': 'Cel mult {max} de caractere.',
  'personalization.imageHint': 'JPEG, PNG sau WebP, cel mult 5 MB.',
  'personalization.uploading': 'Se încarcă imaginea…',
  'personalization.uploaded': 'Imaginea a fost încărcată.',
  'personalization.uploadFailed': 'Imaginea nu a putut fi încărcată. Încercați din nou.',
  'personalization.preview': 'Imaginea încărcată pentru „{label}”',
  'personalization.removeImage': 'Elimină imaginea',
  'personalization.withdrawalNote':
    'Produsele personalizate se realizează după indicațiile dumneavoastră, așa că nu beneficiază de dreptul de retragere (OUG 34/2014, art. 16 lit. c). Verificați textul înainte de a comanda.',
  'personalization.backToProduct': 'Înapoi la produs, pentru a completa personalizarea',
  'personalization.summary': 'Personalizare',
  'personalization.summaryImage': 'Imagine încărcată',
} as const;
