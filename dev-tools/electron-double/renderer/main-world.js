/* global bridgeEndpoint */
/* The page's side of the double's contextBridge, installed before the page's scripts. It
 * holds no Electron object: it binds what the preload world exposes onto window, and calls
 * back into that world only through the bridge (renderer/bridge.js). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the script Node assembles
function mainWorldBridge(config) {
  bridgeEndpoint({ out: config.names.toPreload, in: config.names.toPage }, { bindsToWindow: true });
}
