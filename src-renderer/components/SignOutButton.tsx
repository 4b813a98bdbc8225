import { useState } from 'react';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import { useI18n } from '../i18n/I18n';
import { ConfirmBar } from './ConfirmBar';

/** It asks first: CountTogether never shows a token again. */
export function SignOutButton({ api, demo, onError }: { api: CounterTrayApi; demo: boolean; onError: (message: string | null) => void }) {
  const i18n = useI18n();
  const [asking, setAsking] = useState(false);
  const signOut = async () => {
    setAsking(false);
    const result = await call(api, 'session:signOut', {});
    onError(result.ok ? null : errorText(i18n, result.error));
  };
  if (asking) {
    return (
      <ConfirmBar
        question={i18n.t('signOut.question')}
        confirmLabel={i18n.t('signOut.button')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void signOut()}
        danger
      />
    );
  }
  return (
    <button type="button" className="secondary danger" onClick={() => (demo ? void signOut() : setAsking(true))}>
      {demo ? i18n.t('signOut.leaveDemo') : i18n.t('signOut.button')}
    </button>
  );
}
