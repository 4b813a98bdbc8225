// What demo mode loads on demand from the reference service, gathered in one module so the
// build emits it as one chunk named for its job in the app (dist/main/chunks/demo-backend-*),
// not after a source folder.
export { demoFixtures, startCounterService } from '../../../src-service/index';
export { startDemoActivity } from '../../../src-service/demo-activity';
