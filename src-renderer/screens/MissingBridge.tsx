import { guessLocale, I18n, useI18n } from '../i18n/I18n';

function Words() {
  const i18n = useI18n();
  return (
    <main className="screen centered">
      <h1 className="title">{i18n.t('app.name')}</h1>
      <p role="alert">{i18n.t('app.windowNeedsApp')}</p>
    </main>
  );
}

/** Shown when the page is opened without the preload (e.g. straight from disk): in the browser's language. */
export function MissingBridge() {
  return (
    <I18n locale={guessLocale()}>
      <Words />
    </I18n>
  );
}
