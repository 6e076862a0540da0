import { formatNumber } from '../../contracts/money';
import { CASE_SORTS, CASE_STATUSES, MAX_CASE_SUM_LEI } from '../../contracts/cases-values';
import { productTypes } from '../../contracts/catalogue-values';
import { MAX_PRICE_LEI, MAX_SEARCH_LENGTH, MAX_SHOWN, MAX_VALUES, SORT_KEYS } from '../../contracts/listing-values';
import { MAX_PAGE, MAX_PER_PAGE } from '../../contracts/pagination-values';

const n = (value: number) => formatNumber(value, 'ro');

/**
 * Validation messages (the keys the zod schemas of `contracts` give) and the API's error messages,
 * one per error code (decision 010). SPEC §5's contact texts are verbatim.
 */
export const validationRo = {
  'validation.invalid': 'Valoare invalidă.',
  'validation.controlCharacters': 'Valoarea conține caractere de control, care nu sunt permise.',
  'validation.page': `Pagina trebuie să fie un număr întreg între 1 și ${n(MAX_PAGE)}.`,
  'validation.perPage': `Numărul de rânduri pe pagină trebuie să fie un număr întreg între 1 și ${MAX_PER_PAGE}.`,
  'validation.id': 'Id-ul trebuie să fie un număr întreg pozitiv.',
  'validation.searchText': `Textul căutat poate avea cel mult ${MAX_SEARCH_LENGTH} de caractere.`,
  'validation.query': 'Parametrul q (textul căutat) este obligatoriu.',
  'validation.productType': `Tip de produs necunoscut. Valori permise: ${productTypes.join(', ')}.`,
  'validation.category': 'Categoria trebuie să fie un cod de categorie (litere mici, cifre și cratime).',
  'validation.categoryUnknown': 'Categoria nu există.',
  'validation.sortBy': `Sortare necunoscută. Valori permise: ${SORT_KEYS.join(', ')}.`,
  'validation.limit': `Numărul de produse afișate trebuie să fie un număr întreg între 1 și ${MAX_SHOWN}.`,
  'validation.values': `Cel mult ${MAX_VALUES} de valori, fiecare de cel mult ${MAX_SEARCH_LENGTH} de caractere.`,
  'validation.price': `Prețul trebuie să fie un număr întreg de lei, între 0 și ${n(MAX_PRICE_LEI)}.`,
  'validation.priceOrder': 'Prețul maxim trebuie să fie cel puțin egal cu prețul minim.',
  'validation.flag': 'Valoarea trebuie să fie 1 sau 0.',
  'validation.lang': 'Limba trebuie să fie ro sau en.',
  'validation.leiAmount': `Suma trebuie să fie un număr întreg de lei, între 0 și ${n(MAX_CASE_SUM_LEI)}.`,
  'validation.caseStatus': `Statusul trebuie să fie ${CASE_STATUSES.join(' sau ')}.`,
  'validation.caseCategories': 'category_id trebuie să fie o listă de numere separate prin virgulă.',
  'validation.caseSort': `Sortare necunoscută. Valori permise: ${CASE_SORTS.join(', ')}.`,
  'validation.blogType': 'Tip de blog necunoscut.',
  'validation.text100': 'Textul poate avea cel mult 100 de caractere.',
  'validation.text300': 'Textul poate avea cel mult 300 de caractere.',
  'validation.clientEvent': 'Eveniment necunoscut.',
  'validation.contact.nameRequired': 'Numele este obligatoriu.',
  'validation.contact.nameShort': 'Numele trebuie să aibă cel puțin 2 caractere.',
  'validation.contact.nameLong': 'Numele poate avea cel mult 100 de caractere.',
  'validation.contact.emailRequired': 'Emailul este obligatoriu.',
  'validation.contact.emailLong': 'Adresa de email este prea lungă.',
  'validation.contact.emailFormat': 'Formatul adresei de email este invalid.',
  'validation.contact.phone': 'Numar de telefon invalid!',
  'validation.contact.subjectRequired': 'Subiectul este obligatoriu.',
  'validation.contact.subjectShort': 'Subiectul trebuie să aibă cel puțin 3 caractere.',
  'validation.contact.subjectLong': 'Subiectul poate avea cel mult 150 de caractere.',
  'validation.contact.messageRequired': 'Mesajul este obligatoriu.',
  'validation.contact.messageShort': 'Mesajul trebuie să aibă cel puțin 10 caractere.',
  'validation.contact.messageLong': 'Mesajul poate avea cel mult 5000 de caractere.',
  'validation.contact.consent': 'Trebuie să fiți de acord cu prelucrarea datelor personale pentru a continua.',
  'validation.searchTextIgnored':
    '„{query}” nu conține litere sau cifre de căutat, așa că se afișează toate produsele.',
  'validation.searchShownLimit':
    'Se afișează cel mult {max} de produse. Restrângeți căutarea pentru a le vedea pe celelalte.',
  'apiError.VALIDATION': 'Datele trimise nu sunt valide.',
  'apiError.UNAUTHORIZED': 'Trebuie să vă autentificați.',
  'apiError.FORBIDDEN': 'Nu aveți acces la această resursă.',
  'apiError.NOT_FOUND': 'Resursa nu există.',
  'apiError.METHOD_NOT_ALLOWED': 'Metoda nu este permisă pentru această resursă.',
  'apiError.CONFLICT': 'Resursa a fost modificată între timp. Reîncărcați și încercați din nou.',
  'apiError.PAYLOAD_TOO_LARGE': 'Datele trimise sunt prea mari.',
  'apiError.UNSUPPORTED_MEDIA_TYPE': 'Tipul conținutului trimis nu este acceptat.',
  'apiError.RATE_LIMITED': 'Prea multe cereri într-un timp scurt. Încercați din nou mai târziu.',
  'apiError.INTERNAL': 'A apărut o eroare. Încearcă din nou.',
  'apiError.UNAVAILABLE': 'Serviciul nu este disponibil acum. Încercați din nou peste câteva momente.',
  'apiError.notFound.product': 'Produsul nu există.',
  'apiError.notFound.post': 'Articolul nu există.',
  'apiError.notFound.case': 'Cazul umanitar nu există.',
  'apiError.notFound.activeCase': 'Nu există niciun caz umanitar activ.',
} as const;
