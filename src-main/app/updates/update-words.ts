// Everything main says about updates, in one place (the popup's words are in
// src-renderer/screens/UpdatesSection.tsx). Versions and notes come from the feed and are
// sanitized before they get here.
export const UPDATE_WORDS = {
  tray: {
    check: 'Check for updates…',
    checking: 'Checking for updates…',
    download: (version: string) => `Download Counter Tray ${version}`,
    downloading: (percent: number) => `Downloading update… ${Math.floor(percent)} %`,
    restart: (version: string) => `Restart to update to ${version}`,
  },
  notification: {
    available: (version: string) => ({ title: `Counter Tray ${version} is available`, body: 'Download it from the tray menu or Settings → Updates.' }),
    ready: (version: string) => ({ title: `Restart to update to ${version}`, body: `Counter Tray ${version} is ready. It is installed when you restart or quit Counter Tray.` }),
    whatsNew: (version: string, notes: string) => ({ title: `What's new in ${version}`, body: notes || `Counter Tray was updated to ${version}.` }),
  },
} as const;
