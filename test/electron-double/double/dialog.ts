// dialog, after https://www.electronjs.org/docs/latest/api/dialog: message boxes are
// answered by the test. A box the test did not expect fails the launch loudly: a consent
// prompt nobody planned for is a behaviour change, not noise.
export interface MessageBoxOptions {
  message: string;
  type?: string;
  title?: string;
  detail?: string;
  buttons?: string[];
  checkboxLabel?: string;
}

export interface DialogAnswer {
  /** Matches the box (its message or detail). */
  match: RegExp;
  /** The label of the button the user clicks. */
  click: string;
  checkboxChecked?: boolean;
}

export class DialogDouble {
  readonly shown: MessageBoxOptions[] = [];
  readonly unexpected: string[] = [];
  private readonly answers: DialogAnswer[] = [];

  /** Test side: the next box matching `answer.match` gets this answer (once). */
  expect(answer: DialogAnswer): void {
    this.answers.push(answer);
  }

  pendingExpectations(): string[] {
    return this.answers.map((answer) => String(answer.match));
  }

  showMessageBox = async (windowOrOptions: unknown, maybeOptions?: MessageBoxOptions): Promise<{ response: number; checkboxChecked: boolean }> => {
    const options = (maybeOptions ?? windowOrOptions) as MessageBoxOptions;
    this.shown.push(options);
    const text = `${options.message}\n${options.detail ?? ''}`;
    const index = this.answers.findIndex((answer) => answer.match.test(text));
    if (index < 0) {
      this.unexpected.push(options.message);
      throw new Error(`Electron double: unexpected dialog "${options.message}" (the test set no answer for it)`);
    }
    const [answer] = this.answers.splice(index, 1);
    const response = (options.buttons ?? ['OK']).indexOf(answer?.click ?? '');
    if (response < 0) throw new Error(`Electron double: dialog "${options.message}" has no button "${answer?.click}" (buttons: ${(options.buttons ?? ['OK']).join(', ')})`);
    return { response, checkboxChecked: answer?.checkboxChecked ?? false };
  };

  showMessageBoxSync = (): never => {
    throw new Error('Electron double: dialog.showMessageBoxSync is not modelled (it blocks the main process; use showMessageBox)');
  };

  showErrorBox = (title: string, content: string): void => {
    this.unexpected.push(`${title}: ${content}`);
  };
}
