// Structural checks of the built main process, by walking the AST of
// dist/main/main.js and the chunks it loads later: what Electronegativity cannot follow (the popup's options come from
// popupWindowOptions() through an injected `new BrowserWindow(options)` factory) and what
// a text search cannot judge (a permission handler that calls back `true` reads much like
// one that calls back `false`). Each finding names the rule; the scan fails on any.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parse } = require('@babel/parser');

/** Every node below `node`, depth first (plain objects with a string `type`). */
function* walk(node) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end' || key === 'extra' || key === 'leadingComments' || key === 'trailingComments') continue;
    if (value && typeof value === 'object') yield* walk(value);
  }
}

const keyName = (property) => (property.key?.type === 'Identifier' ? property.key.name : property.key?.type === 'StringLiteral' ? property.key.value : undefined);
const propertyOf = (object, name) => object?.type === 'ObjectExpression' ? object.properties.find((p) => p.type === 'ObjectProperty' && keyName(p) === name) : undefined;
const isBool = (node, value) => node?.type === 'BooleanLiteral' && node.value === value;
/** esbuild renames on collisions (popupWindowOptions2): match the name with an optional number. */
const named = (name) => (id) => id?.type === 'Identifier' && new RegExp(`^${name}\\d*$`).test(id.name);
const calleeName = (call) => (call.callee?.type === 'Identifier' ? call.callee.name : call.callee?.type === 'MemberExpression' && call.callee.property?.type === 'Identifier' ? call.callee.property.name : undefined);

/** What every return of a function gives back (an arrow's expression body counts as one). */
function returnedValues(fn) {
  if (fn.body?.type !== 'BlockStatement') return [fn.body];
  const values = [];
  for (const node of walk(fn.body)) {
    if (node.type === 'ReturnStatement') values.push(node.argument);
  }
  return values;
}

const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

/** `sources`: main.js, or main.js and the chunks it loads later (each parsed alone, judged together). */
export function checkMainStructure(sources) {
  const findings = [];
  const fail = (id, message) => findings.push({ id, severity: 'HIGH', message });
  const nodes = [];
  for (const source of Array.isArray(sources) ? sources : [sources]) {
    try {
      nodes.push(...walk(parse(source, { sourceType: 'module', plugins: [] }).program));
    } catch (error) {
      fail('STRUCTURE_PARSE', `the main process's code could not be parsed: ${error.message}`);
      return { findings, windowOptionsOk: false, windowOpenDenied: false, permissionsDenied: false };
    }
  }
  const functions = (name) => nodes.filter((n) => (n.type === 'FunctionDeclaration' && named(name)(n.id)) || (n.type === 'VariableDeclarator' && named(name)(n.id) && isFunction(n.init))).map((n) => (n.type === 'VariableDeclarator' ? n.init : n));

  // ---- popupWindowOptions: the only window's webPreferences ------------------------------------
  const before = findings.length;
  const optionFns = functions('popupWindowOptions');
  if (optionFns.length !== 1) fail('WINDOW_OPTIONS', `expected one popupWindowOptions function, found ${optionFns.length}`);
  for (const fn of optionFns) {
    const returned = returnedValues(fn);
    if (returned.length === 0) fail('WINDOW_OPTIONS', 'popupWindowOptions returns nothing');
    for (const value of returned) {
      if (value?.type !== 'ObjectExpression') {
        fail('WINDOW_OPTIONS', 'popupWindowOptions returns something other than an object literal');
        continue;
      }
      const prefs = propertyOf(value, 'webPreferences')?.value;
      if (prefs?.type !== 'ObjectExpression') {
        fail('WINDOW_OPTIONS', 'popupWindowOptions has no webPreferences object literal');
        continue;
      }
      if (prefs.properties.some((p) => p.type === 'SpreadElement')) fail('WINDOW_OPTIONS', 'webPreferences spreads another object: any preference could come from it');
      if (!isBool(propertyOf(prefs, 'contextIsolation')?.value, true)) fail('WINDOW_OPTIONS', 'webPreferences.contextIsolation is not the literal true');
      if (!isBool(propertyOf(prefs, 'sandbox')?.value, true)) fail('WINDOW_OPTIONS', 'webPreferences.sandbox is not the literal true');
      if (!isBool(propertyOf(prefs, 'nodeIntegration')?.value, false)) fail('WINDOW_OPTIONS', 'webPreferences.nodeIntegration is not the literal false');
      for (const name of ['nodeIntegrationInWorker', 'nodeIntegrationInSubFrames', 'webviewTag', 'allowRunningInsecureContent', 'experimentalFeatures']) {
        const prop = propertyOf(prefs, name);
        if (prop && !isBool(prop.value, false)) fail('WINDOW_OPTIONS', `webPreferences.${name} is not false`);
      }
      const webSecurity = propertyOf(prefs, 'webSecurity');
      if (webSecurity && !isBool(webSecurity.value, true)) fail('WINDOW_OPTIONS', 'webPreferences.webSecurity is not true');
    }
  }

  // ---- every BrowserWindow is built from popupWindowOptions --------------------------------------
  const windows = nodes.filter((n) => n.type === 'NewExpression' && named('BrowserWindow')(n.callee));
  if (windows.length === 0) fail('WINDOW_OPTIONS', 'no new BrowserWindow found');
  const factories = new Set();
  for (const node of nodes) {
    if (node.type !== 'ObjectExpression') continue;
    const create = propertyOf(node, 'createWindow')?.value;
    const options = propertyOf(node, 'windowOptions')?.value;
    if (isFunction(create) && options?.type === 'CallExpression' && named('popupWindowOptions')(options.callee)) factories.add(create);
  }
  for (const win of windows) {
    const arg = win.arguments[0];
    if (win.arguments.length === 1 && arg?.type === 'CallExpression' && named('popupWindowOptions')(arg.callee)) continue;
    const factory = [...factories].find((fn) => fn.body === win && fn.params.length === 1 && fn.params[0].type === 'Identifier' && arg?.type === 'Identifier' && arg.name === fn.params[0].name);
    if (!factory) fail('WINDOW_OPTIONS', 'a BrowserWindow is created with options that do not come from popupWindowOptions()');
  }
  const windowOptionsOk = findings.length === before;

  // ---- permissions: every request and check denied ----------------------------------------------
  const beforePermissions = findings.length;
  const calls = nodes.filter((n) => n.type === 'CallExpression');
  const requestHandlers = calls.filter((c) => calleeName(c) === 'setPermissionRequestHandler');
  const checkHandlers = calls.filter((c) => calleeName(c) === 'setPermissionCheckHandler');
  if (requestHandlers.length === 0) fail('PERMISSIONS', 'no setPermissionRequestHandler: permission requests are granted by default');
  if (checkHandlers.length === 0) fail('PERMISSIONS', 'no setPermissionCheckHandler: permission checks pass by default');
  for (const call of requestHandlers) {
    const fn = call.arguments[0];
    const callback = isFunction(fn) ? fn.params[2] : undefined;
    const answers = callback?.type === 'Identifier' ? [...walk(fn.body)].filter((n) => n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === callback.name) : [];
    if (answers.length === 0 || !answers.every((a) => a.arguments.length === 1 && isBool(a.arguments[0], false))) {
      fail('PERMISSIONS', 'a permission request handler may call back something other than false');
    }
  }
  for (const call of checkHandlers) {
    const fn = call.arguments[0];
    if (!isFunction(fn) || !returnedValues(fn).every((v) => isBool(v, false))) fail('PERMISSIONS', 'a permission check handler may answer something other than false');
  }
  const permissionsDenied = findings.length === beforePermissions;

  // ---- window.open: denied, whatever the URL ---------------------------------------------------
  const openHandlers = calls.filter((c) => calleeName(c) === 'setWindowOpenHandler');
  const windowOpenDenied =
    openHandlers.length > 0 &&
    openHandlers.every((call) => {
      const fn = call.arguments[0];
      return isFunction(fn) && returnedValues(fn).every((v) => v?.type === 'ObjectExpression' && v.properties.length === 1 && propertyOf(v, 'action')?.value?.value === 'deny');
    });
  if (!windowOpenDenied) fail('WINDOW_OPEN', 'a window open handler may answer something other than { action: "deny" }');

  // ---- the hardening is applied, not only defined ----------------------------------------------
  for (const name of ['hardenSession', 'hardenContents']) {
    if (functions(name).length > 0 && !calls.some((c) => named(name)(c.callee))) fail('HARDENING_UNUSED', `${name} is defined but never called`);
  }

  return { findings, windowOptionsOk, windowOpenDenied, permissionsDenied };
}
