// pa11y ships no typings: the part of its API the validators spec uses.
declare module 'pa11y' {
  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    context: string;
    selector: string;
    runner: string;
  }
  interface Pa11yOptions {
    runners?: string[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    includeWarnings?: boolean;
    includeNotices?: boolean;
    timeout?: number;
    wait?: number;
    viewport?: { width: number; height: number };
    chromeLaunchConfig?: { executablePath?: string; args?: string[]; headless?: boolean };
  }
  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
