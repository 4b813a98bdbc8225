// What the app's demo mode loads on demand (by dynamic import(): main never imports the service
// statically), gathered in one module so the build emits it as one chunk named for its job
// (dist/main/chunks/demo-backend-*), not after a source folder.
export { demoFixtures, startCounterService } from './index';
export { startDemoActivity } from './demo-activity';
