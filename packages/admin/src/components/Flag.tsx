import type { ReactNode } from 'react';

/*
 * Country flags drawn as small SVGs. Emoji flags are not an option: Windows shows them as two
 * letters and some Linux browsers as empty boxes. The drawings are simplified to what reads at
 * 16 px; a country without one shows its code.
 */

const W = 24;
const H = 16;

/** A five-pointed star's points around (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

const stripes = (colors: string[], weights: number[] = colors.map(() => 1)): ReactNode => {
  const total = weights.reduce((a, b) => a + b, 0);
  let y = 0;
  return colors.map((fill, i) => {
    const h = (H * weights[i]!) / total;
    const rect = <rect key={i} x={0} y={y} width={W} height={h} fill={fill} />;
    y += h;
    return rect;
  });
};

const FLAGS: Record<string, () => ReactNode> = {
  VN: () => (
    <>
      <rect width={W} height={H} fill="#da251d" />
      <polygon points={star(12, 8.4, 5)} fill="#ffcd00" />
    </>
  ),
  ID: () => stripes(['#ce1126', '#ffffff']),
  TH: () => stripes(['#a51931', '#f4f5f8', '#2d2a4a', '#f4f5f8', '#a51931'], [1, 1, 2, 1, 1]),
  MY: () => (
    <>
      {stripes(Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? '#cc0001' : '#ffffff')))}
      <rect width={12} height={9.2} fill="#010066" />
      <circle cx={5} cy={4.6} r={3} fill="#fc0" />
      <circle cx={6} cy={4.6} r={2.5} fill="#010066" />
      <polygon points={star(8.6, 4.6, 1.8)} fill="#fc0" />
    </>
  ),
  TW: () => (
    <>
      <rect width={W} height={H} fill="#fe0000" />
      <rect width={12} height={8} fill="#000095" />
      <circle cx={6} cy={4} r={2.2} fill="#ffffff" />
    </>
  ),
  KH: () => (
    <>
      {stripes(['#032ea1', '#e00025', '#032ea1'], [1, 2, 1])}
      <path d="M8 10.5h8v-1h-1v-1.5h-1v-1.5h-.7v-1.2h-.6v-.8h-1.4v.8h-.6v1.2H10v1.5H9v1.5H8z" fill="#ffffff" />
    </>
  ),
  MM: () => (
    <>
      {stripes(['#fecb00', '#34b233', '#ea2839'])}
      <polygon points={star(12, 8.8, 5.6)} fill="#ffffff" />
    </>
  ),
  IN: () => (
    <>
      {stripes(['#ff9933', '#ffffff', '#138808'])}
      <circle cx={12} cy={8} r={2.1} fill="none" stroke="#000080" strokeWidth={0.6} />
      <circle cx={12} cy={8} r={0.5} fill="#000080" />
    </>
  ),
  PH: () => (
    <>
      {stripes(['#0038a8', '#ce1126'])}
      <polygon points={`0,0 ${H * 0.866},8 0,${H}`} fill="#ffffff" />
      <circle cx={4.6} cy={8} r={1.8} fill="#fcd116" />
    </>
  ),
};

/** The flag of `country` (an ISO code such as VN), hidden from screen readers: the text beside it names the site. */
export function Flag({ country }: { country: string }) {
  const draw = FLAGS[country.toUpperCase()];
  if (!draw) {
    return (
      <span
        aria-hidden="true"
        data-flag={country}
        style={{ fontSize: '0.75em', fontWeight: 600, letterSpacing: '0.02em' }}
      >
        {country.toUpperCase()}
      </span>
    );
  }
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-flag={country}
      width={W * 0.75}
      height={H * 0.75}
      viewBox={`0 0 ${W} ${H}`}
      style={{ verticalAlign: '-0.1em', borderRadius: 2, boxShadow: '0 0 0 0.5px rgb(0 0 0 / 0.25)' }}
    >
      {draw()}
    </svg>
  );
}
