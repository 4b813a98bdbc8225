// The public clients' source files these compatibility tests were written from, read in
// the stored index of public GitHub repositories (find_files / read_file). Each is named
// with the commit the index returned for it; a test title ends with the short form, and
// the comment above each test names the file and the lines of behaviour it mirrors.
// The clients' code is not copied here: the mirrors in this folder restate, in
// TypeScript, only what each client requires of the answers it reads.

export interface Source {
  repo: string;
  path: string;
  commit: string;
}

const SDK_REPO = 'CountTogether/public-api-sdk-dotnet';
const HA_REPO = 'CountTogether/home-assistant-integration';
/** One commit holds every file of the HA integration that the index stores. */
const HA_COMMIT = '38c755172372f03fede623e619f19c04f1c97fad';
/** The commit of the SDK's model files (Models/*.cs, Models/WebSocket/*.cs). */
const SDK_MODELS_COMMIT = '7278f0486f5049684b179d4976ff4350dac76196';

/** The CountTogether .NET SDK (v1). */
export const SDK = {
  /** The version with the WebSocket receive loop and HandleMessage (an older stored version, 846df104, has no WebSocket). */
  client: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk/Client/CountTogetherClient.cs', commit: '23d81668f8695e12756b79eba26c064184a753ca' },
  counter: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/Counter.cs', commit: SDK_MODELS_COMMIT },
  member: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/CounterMember.cs', commit: SDK_MODELS_COMMIT },
  counterType: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/CounterType.cs', commit: SDK_MODELS_COMMIT },
  mode: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/UpDownCounterMode.cs', commit: SDK_MODELS_COMMIT },
  upDownData: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/PublicV1UpDownCounterData.cs', commit: SDK_MODELS_COMMIT },
  fromDateData: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/PublicV1FromDateCounterData.cs', commit: SDK_MODELS_COMMIT },
  toDateData: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/PublicV1ToDateCounterData.cs', commit: SDK_MODELS_COMMIT },
  error: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/ErrorObject.cs', commit: SDK_MODELS_COMMIT },
  notification: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/WebSocket/JsonRpcNotification.cs', commit: SDK_MODELS_COMMIT },
  updatedParams: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/WebSocket/CounterUpdatedParams.cs', commit: SDK_MODELS_COMMIT },
  deletedParams: { repo: SDK_REPO, path: 'src/CountTogether.PublicApiSdk.Models/WebSocket/CounterDeletedParams.cs', commit: SDK_MODELS_COMMIT },
  /** The example app: Guid.Parse(counter.Id), counter.Members.Count, switch on counter.Type. */
  example: { repo: SDK_REPO, path: 'example/CountTogether.Cli/Program.cs', commit: 'a48fde8dc7b1744d5ab19c22f68f9b9a9d07add3' },
  /** The SDK's own tests of HandleMessage: the notification payloads it expects. */
  handleMessageTests: { repo: SDK_REPO, path: 'tests/CountTogether.PublicApiSdk.Tests/HandleMessageTests.cs', commit: '5c89475f1aca67311e82d5c00970b69e9b56dff0' },
} as const satisfies Record<string, Source>;

/** The CountTogether Home Assistant integration (v2). */
export const HA = {
  api: { repo: HA_REPO, path: 'custom_components/counttogether/api.py', commit: HA_COMMIT },
  coordinator: { repo: HA_REPO, path: 'custom_components/counttogether/coordinator.py', commit: HA_COMMIT },
  sensor: { repo: HA_REPO, path: 'custom_components/counttogether/sensor.py', commit: HA_COMMIT },
  services: { repo: HA_REPO, path: 'custom_components/counttogether/services.py', commit: HA_COMMIT },
  button: { repo: HA_REPO, path: 'custom_components/counttogether/button.py', commit: HA_COMMIT },
  const: { repo: HA_REPO, path: 'custom_components/counttogether/const.py', commit: HA_COMMIT },
  init: { repo: HA_REPO, path: 'custom_components/counttogether/__init__.py', commit: HA_COMMIT },
} as const satisfies Record<string, Source>;

/** `path@short-commit`, for test titles. */
export function cite(...sources: Source[]): string {
  return `[${sources.map((s) => `${s.path.split('/').pop() ?? s.path}@${s.commit.slice(0, 8)}`).join(', ')}]`;
}
