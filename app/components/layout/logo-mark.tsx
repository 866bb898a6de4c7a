// The brand's mark drawn inline beside the name (no request): the same drawing as public/logo.svg, the favicon and
// the share cards, which a test holds together.
import type { SVGProps } from "react";

/** The mark's shapes: a rounded square in the brand colour holding a white "P". */
export const logoMark = {
  viewBox: "0 0 32 32",
  radius: 7,
  fill: "#1f3a93",
  path: "M9 23V9h8a4 4 0 0 1 0 8h-8",
  stroke: "#fff",
  strokeWidth: 3,
} as const;

/** Decorative beside the visible name, which is the link's accessible name. */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox={logoMark.viewBox}
      width={32}
      height={32}
      aria-hidden="true"
      focusable="false"
      data-logo-mark=""
      {...props}
    >
      <rect width="32" height="32" rx={logoMark.radius} fill={logoMark.fill} />
      <path
        d={logoMark.path}
        fill="none"
        stroke={logoMark.stroke}
        strokeWidth={logoMark.strokeWidth}
        strokeLinejoin="round"
      />
    </svg>
  );
}
