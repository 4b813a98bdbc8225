import { useState } from 'react';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { userMessage } from '../format/errors';
import { ConfirmBar } from './ConfirmBar';

/**
 * Sign out forgets the token, which CountTogether never shows again: it asks first.
 * Leaving the demo forgets nothing, so it does not.
 */
export function SignOutButton({ api, demo, onError }: { api: CounterTrayApi; demo: boolean; onError: (message: string | null) => void }) {
  const [asking, setAsking] = useState(false);
  const signOut = async () => {
    setAsking(false);
    const result = await call(api, 'session:signOut', {});
    onError(result.ok ? null : userMessage(result.error));
  };
  if (asking) {
    return (
      <ConfirmBar
        question="Sign out? Counter Tray forgets your token, and CountTogether cannot show it again: you will need a new one."
        confirmLabel="Sign out"
        onCancel={() => setAsking(false)}
        onConfirm={() => void signOut()}
        danger
      />
    );
  }
  return (
    <button type="button" className="secondary danger" onClick={() => (demo ? void signOut() : setAsking(true))}>
      {demo ? 'Leave the demo' : 'Sign out'}
    </button>
  );
}
