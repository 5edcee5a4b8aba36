// The terms state the no-show rule with the numbers of the system settings: marketing writes
// {{noShowRule}} in a legal page's text and the site puts the rule in words there when it renders.
import { NO_SHOW_DEFAULTS, noShowRuleText, type Language, type NoShowRule } from '@fie/domain';
import { countText, fill } from '../i18n';
import { ABOUT } from '../i18n/about';

export const NO_SHOW_RULE_PLACEHOLDER = '{{noShowRule}}';

export const mentionsNoShowRule = (markdown: string) => markdown.includes(NO_SHOW_RULE_PLACEHOLDER);

/** The rule in words, in `language`: "2 missed viewings within 90 days pause booking for 30 days". */
export function noShowRuleIn(rule: NoShowRule, language: Language): string {
  if (language === 'en') return noShowRuleText(rule);
  const t = ABOUT[language];
  return fill(t.noShowRule, {
    missed: countText(language, rule.noShowLimit, { one: t.missedOne, other: t.missedOther }),
    window: countText(language, rule.noShowWindowDays, { one: t.daysOne, other: t.daysOther }),
    pause: countText(language, rule.noShowPauseDays, { one: t.daysOne, other: t.daysOther }),
  });
}

/** `markdown` with each {{noShowRule}} replaced by the rule in words, in the page's language. */
export function withNoShowRule(
  markdown: string,
  rule: NoShowRule | undefined,
  language: Language = 'en',
): string {
  return markdown.replaceAll(NO_SHOW_RULE_PLACEHOLDER, noShowRuleIn(rule ?? NO_SHOW_DEFAULTS, language));
}
