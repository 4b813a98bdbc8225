/** Shown when the page is opened without the preload (e.g. straight from disk). */
export function MissingBridge() {
  return (
    <main className="screen centered">
      <h1 className="title">Counter Tray</h1>
      <p role="alert">This window must be opened by the Counter Tray app.</p>
    </main>
  );
}
