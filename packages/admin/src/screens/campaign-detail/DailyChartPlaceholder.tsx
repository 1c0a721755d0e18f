import * as s from '../../shell/shell.css.js';
import { CHART, CHART_HEIGHT } from './chart-geometry.js';
import * as st from './detail.css.js';

/**
 * The daily chart's section while its code (picker, calendar, temporal-polyfill) loads: the same
 * heading, totals and figure, of the same sizes, so that nothing under it moves when it comes.
 */
export function DailyChartPlaceholder() {
  return (
    <section aria-labelledby="daily-title" className={st.section} aria-busy="true">
      <div className={st.sectionHeader}>
        <h2 id="daily-title">Daily figures</h2>
        <div className={st.chartControlsSpace} />
      </div>
      <dl className={st.rangeTotals} aria-hidden="true">
        {['Impressions', 'Leads', 'Conversion rate'].map((label) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>–</dd>
          </div>
        ))}
      </dl>
      <figure className={st.figure}>
        <div className={st.chart} style={{ aspectRatio: `${CHART.width} / ${CHART_HEIGHT}` }} />
        <figcaption className={s.muted}>Loading the chart…</figcaption>
      </figure>
    </section>
  );
}
