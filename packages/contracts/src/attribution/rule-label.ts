/**
 * The attribution models and the label of a rule (issue 22 §2), without zod: the agency overview's
 * note and cells name the rule, and that code loads with the app's first chunks (docs/performance.md,
 * "initial JS ≤ 200 KB"), where the attribution schemas do not belong.
 */
export const attributionModels = ['last_touch', 'even_split'] as const;

/** Labels of the models, as shown beside every attributed figure ("Last touch, 30-day window"). */
export const attributionModelLabels: Record<(typeof attributionModels)[number], string> = {
  last_touch: 'Last touch',
  even_split: 'Even split',
};

/** "Last touch, 30-day window". */
export function attributionRuleLabel(rule: { model: (typeof attributionModels)[number]; window_days: number }): string {
  return `${attributionModelLabels[rule.model]}, ${rule.window_days}-day window`;
}
