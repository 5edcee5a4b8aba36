import { ICON_PATHS, type IconName } from '../../lib/icon-paths';

/** The site's inline stroke icons for React islands (the same pictures as Icon.astro); decorative. */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
      // A constant of this codebase, never text from a request.
      dangerouslySetInnerHTML={{ __html: ICON_PATHS[name] }}
    />
  );
}
