import type { PlainKey } from '../../src-shared/i18n/messages';
import { keyLabel } from '../format/accelerator';
import { useI18n } from '../i18n/I18n';

const KEYS: [keys: string[], what: PlainKey][] = [
  [['↑', '↓'], 'keys.choose'],
  [['+', '−'], 'keys.change'],
  [['Shift', 'Enter'], 'keys.amount'],
  [['Enter'], 'keys.activity'],
  [['Shift', 'F10'], 'keys.menu'],
  [['CommandOrControl', 'Z'], 'keys.undo'],
  [['Esc'], 'keys.escape'],
];

export function KeyHints({ isMac }: { isMac: boolean }) {
  const i18n = useI18n();
  return (
    <section id="key-hints" className="key-hints" aria-label={i18n.t('list.keys')}>
      <dl>
        {KEYS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {keys.map((key) => (
                <kbd key={key}>{keyLabel(i18n, key, isMac)}</kbd>
              ))}
            </dt>
            <dd>{i18n.t(what)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
