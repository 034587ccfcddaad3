/** The RIASEC hexagon (Holland): six axes R, I, A, S, E, C clockwise from the top, rings at 25,
 * 50, 75 and 100, and the learner's normalized scores (0-100) as a filled polygon. An SVG we
 * draw ourselves: role="img" with a title and a description that reads every score, and the
 * caller shows the same numbers as a table (ScoreTable) for those who prefer one. */
import { useId } from "react";

import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

import { RIASEC, type GroupCode } from "../api/types";
import { GROUP_COLOURS, GROUP_TEXT } from "./labels";

export interface HexagonScore {
  code: GroupCode;
  name: string;
  normalized: number;
}

const SIZE = 420;
const CENTRE = SIZE / 2;
const RADIUS = 130;
const RINGS = [25, 50, 75, 100];

/** The point of `value` (0-100) on the axis of group `index` (0 = R at the top, clockwise). */
export function hexPoint(index: number, value: number, radius = RADIUS): [number, number] {
  const angle = ((-90 + index * 60) * Math.PI) / 180;
  const r = (radius * Math.max(0, Math.min(100, value))) / 100;
  return [round(CENTRE + r * Math.cos(angle)), round(CENTRE + r * Math.sin(angle))];
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function points(values: number[]): string {
  return values.map((value, index) => hexPoint(index, value).join(",")).join(" ");
}

export function HexagonChart({ scores, highlight = "" }: { scores: HexagonScore[]; highlight?: string }) {
  const t = useT();
  const { locale } = useLanguage();
  const id = useId();
  const byCode = new Map(scores.map((s) => [s.code, s]));
  const values = RIASEC.map((code) => byCode.get(code)?.normalized ?? 0);
  const description = RIASEC.map((code) =>
    t("surveys.chart.point", {
      code,
      name: byCode.get(code)?.name ?? code,
      score: formatNumber(byCode.get(code)?.normalized ?? 0, locale),
    }),
  ).join("; ");
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="mx-auto h-auto w-full max-w-md"
      data-testid="riasec-hexagon"
    >
      <title id={`${id}-title`}>{t("surveys.chart.title")}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g aria-hidden="true">
        {RINGS.map((ring) => (
          <polygon
            key={ring}
            points={points(RIASEC.map(() => ring))}
            fill={ring === 100 ? "#f8fafc" : "none"}
            stroke="#cbd5e1"
            strokeWidth={ring === 100 ? 1.5 : 1}
          />
        ))}
        {RIASEC.map((code, index) => {
          const [x, y] = hexPoint(index, 100);
          return <line key={code} x1={CENTRE} y1={CENTRE} x2={x} y2={y} stroke="#cbd5e1" strokeWidth={1} />;
        })}
        {RINGS.map((ring) => {
          const [x, y] = hexPoint(0, ring);
          return (
            <text key={ring} x={x + 4} y={y + 4} fontSize={10} fill="#94a3b8">
              {ring}
            </text>
          );
        })}
        <polygon
          data-testid="riasec-polygon"
          points={points(values)}
          fill="rgba(29, 78, 216, 0.22)"
          stroke="#1d4ed8"
          strokeWidth={2.5}
          strokeLinejoin="round"
        />
        {RIASEC.map((code, index) => {
          const [x, y] = hexPoint(index, values[index] ?? 0);
          const [lx, ly] = hexPoint(index, 100, RADIUS + 42);
          const strong = highlight.includes(code);
          return (
            <g key={code}>
              <circle cx={x} cy={y} r={5} fill={GROUP_COLOURS[code]} stroke="#fff" strokeWidth={1.5} />
              <text
                x={lx}
                y={ly - 6}
                textAnchor="middle"
                fontSize={20}
                fontWeight={strong ? 800 : 600}
                className={cn("fill-current", GROUP_TEXT[code])}
              >
                {code}
              </text>
              <text x={lx} y={ly + 12} textAnchor="middle" fontSize={12} fill="#334155">
                {`${(byCode.get(code)?.name ?? code).split(" (")[0]} · ${formatNumber(values[index] ?? 0, locale)}`}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
