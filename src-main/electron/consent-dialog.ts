// Main's own questions to the user (issue 12), as native message boxes: a new server,
// plain http to another host, a token kept with weak protection. The popup can only ask
// main to start the flow; the answer comes from this dialog, which the page cannot
// script, and "No" is the default and the cancel button (Esc, closing the box).
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron';
import type { ConsentPort, ConsentQuestion } from '../app/ports';

export type ShowMessageBox = (options: MessageBoxOptions) => Promise<Pick<MessageBoxReturnValue, 'response'>>;

/** The box for one question; the confirming button is always index 1, "No"/"Cancel" index 0. */
export function consentDialogOptions(question: ConsentQuestion): MessageBoxOptions {
  const base = { type: 'warning' as const, title: 'Counter Tray', defaultId: 0, cancelId: 0, noLink: true };
  switch (question.kind) {
    case 'change-server':
      return {
        ...base,
        message: `Send your API token to ${question.to}?`,
        detail:
          `Counter Tray will sign in to ${question.to}${question.from ? ` instead of ${question.from}` : ''} and send it the token you entered. ` +
          'Only continue if you typed this address yourself and trust this server.',
        buttons: ['Cancel', `Use ${hostOf(question.to)}`],
      };
    case 'plain-http':
      return {
        ...base,
        message: `${question.to} is not encrypted`,
        detail:
          'Plain http sends your API token and your counters across the network in clear text: anyone on the way can read and reuse the token. ' +
          'Only continue for a server on a network you control.',
        buttons: ['Cancel', 'Send it unencrypted'],
      };
    case 'weak-storage':
      return {
        ...base,
        message: 'Store your token with weak protection?',
        detail:
          'This system has no secure key store. Counter Tray can keep the token on disk under a built-in key (or none), which any program running as you can read. ' +
          'Otherwise it is kept in memory only and you sign in again after each start.',
        buttons: ['Keep it in memory only', 'Store it anyway'],
      };
  }
}

/** The ConsentPort over dialog.showMessageBox; a box that fails to show counts as "no". */
export function createConsentDialog(showMessageBox: ShowMessageBox, log: (message: string) => void = () => undefined): ConsentPort {
  return {
    async ask(question) {
      try {
        const { response } = await showMessageBox(consentDialogOptions(question));
        return response === 1;
      } catch (error) {
        log(`consent dialog failed: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
  };
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
