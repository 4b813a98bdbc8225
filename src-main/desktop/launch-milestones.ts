// The launch's milestones, marked by main.ts and split by the boot bench: one list for both.
export const LAUNCH_MILESTONES = ['main-evaluated', 'ready', 'window-created', 'page-load-started', 'page-loaded'] as const;

export type LaunchMilestone = (typeof LAUNCH_MILESTONES)[number];

export const launchMarkName = (milestone: LaunchMilestone): string => `counter-tray:${milestone}`;
