// The values of ./reports without its zod schemas, for the client (docs/decisions.md decision 67).

export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MESSAGE_KINDS = ['chat', 'discussion'] as const;
export type ReportedMessageKind = (typeof MESSAGE_KINDS)[number];
export const REPORT_NOTE_MAX = 1000;
export const REPORT_RESOLUTIONS = ['dismiss', 'delete', 'suspend'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];
