// The launch's milestones, in order: main.ts marks each one (`performance.mark`, named
// `counter-tray:<milestone>`) and the boot bench (bench/scenarios/boot.ts) splits the
// launch at them. One list, so the two cannot drift apart.
export const LAUNCH_MILESTONES = ['main-evaluated', 'ready', 'window-created', 'page-load-started', 'page-loaded'] as const;

export type LaunchMilestone = (typeof LAUNCH_MILESTONES)[number];

export const launchMarkName = (milestone: LaunchMilestone): string => `counter-tray:${milestone}`;
