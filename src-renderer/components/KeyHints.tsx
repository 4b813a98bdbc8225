/** The list's keys, shown on demand (the ? key or the keyboard button), never as a permanent footer. */
const KEYS: [keys: string[], what: string][] = [
  [['↑', '↓'], 'choose a counter'],
  [['+', '−'], 'change it (Alt+ while searching)'],
  [['Enter'], 'its activity'],
  [['Ctrl', 'Z'], 'undo your last change'],
  [['Esc'], 'clear the search, then close'],
];

export function KeyHints() {
  return (
    <section id="key-hints" className="key-hints" aria-label="Keyboard keys">
      <dl>
        {KEYS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
