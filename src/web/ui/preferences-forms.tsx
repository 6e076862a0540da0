import { Form } from 'react-router';
import { LANGUAGES } from '../../contracts/languages';
import { useLanguage, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { useBackPath } from './back-path';
import { Select } from './select';

/** Language switch: one button per language, works without JavaScript. */
export function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  const back = useBackPath();
  return (
    <Form
      discover="none"
      method="post"
      action="/preferences"
      className="flex items-center gap-1"
      aria-label={t('header.language')}
    >
      <input type="hidden" name="back" value={back} />
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="submit"
          name="lang"
          value={lang}
          lang={lang}
          aria-pressed={lang === current}
          className="rounded px-2 py-1 text-sm aria-pressed:bg-white/20 aria-pressed:font-semibold hover:underline"
        >
          {t(`lang.${lang}`)}
        </button>
      ))}
    </Form>
  );
}

/** Display-currency selector; submits on change, with a button for browsers without JavaScript. */
export function CurrencySelect() {
  const t = useT();
  const { currency, currencies } = useRootData();
  const back = useBackPath();
  return (
    <Form discover="none" method="post" action="/preferences" className="flex items-center gap-2">
      <input type="hidden" name="back" value={back} />
      <Select
        id="currency-select"
        label={t('header.currency')}
        tone="dark"
        name="currency"
        defaultValue={currency.code}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
      <noscript>
        <button type="submit" className="text-sm underline">
          {t('header.apply')}
        </button>
      </noscript>
    </Form>
  );
}
