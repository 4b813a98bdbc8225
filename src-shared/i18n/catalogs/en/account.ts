// The token: launch, first run, sign out.
export const account = {
  // Launch with a stored token
  'connecting.demo': 'Starting the demo…',
  'connecting.title': 'Connecting to {host}…',
  'connecting.keepsTrying': 'Counter Tray keeps trying on its own.',
  'connecting.loading': 'Loading your counters.',

  // First run, replacing the token
  'onboarding.title': 'Connect to CountTogether',
  'onboarding.titleReplace': 'Replace your token',
  'onboarding.intro': 'Paste a personal API token from your CountTogether settings. It is stored by the app, never shown again.',
  'onboarding.getToken': 'Get a token',
  'onboarding.token': 'API token',
  'onboarding.show': 'Show',
  'onboarding.hide': 'Hide',
  'onboarding.advanced': 'Advanced',
  'onboarding.server': 'Server',
  'onboarding.connect': 'Connect',
  'onboarding.badUrl': 'That is not a valid server address. It should look like {example}',
  'onboarding.noToken': 'Paste your API token first. You find it in your CountTogether settings.',
  'onboarding.demo': 'Demo',
  'onboarding.demoIntro': 'No account yet? Look around with sample counters on a local demo server.',
  'onboarding.tryDemo': 'Try the demo',

  // Sign out
  'signOut.button': 'Sign out',
  'signOut.leaveDemo': 'Leave the demo',
  'signOut.question': 'Sign out? Counter Tray forgets your token, and CountTogether cannot show it again: you will need a new one.',
} as const;
