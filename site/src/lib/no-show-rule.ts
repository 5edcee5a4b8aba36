// The terms state the no-show rule with the numbers of the system settings: marketing writes
// {{noShowRule}} in a legal page's text and the site puts the rule in words there when it renders.
import { NO_SHOW_DEFAULTS, noShowRuleText, type NoShowRule } from '@fie/domain';

export const NO_SHOW_RULE_PLACEHOLDER = '{{noShowRule}}';

export const mentionsNoShowRule = (markdown: string) => markdown.includes(NO_SHOW_RULE_PLACEHOLDER);

/** `markdown` with each {{noShowRule}} replaced by "2 missed viewings within 90 days pause booking for 30 days". */
export function withNoShowRule(markdown: string, rule: NoShowRule | undefined): string {
  return markdown.replaceAll(NO_SHOW_RULE_PLACEHOLDER, noShowRuleText(rule ?? NO_SHOW_DEFAULTS));
}
