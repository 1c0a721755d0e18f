import * as s from '../../shell/shell.css.js';
import { CHART_HEIGHT } from './chart-geometry.js';
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
      <p className={st.scope} aria-hidden="true">
        –
      </p>
      <dl className={st.rangeTotals} aria-hidden="true">
        {['Impressions', 'Leads', 'Conversion rate'].map((label) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>–</dd>
          </div>
        ))}
      </dl>
      <figure className={st.figure}>
        <div className={st.chartFrame} style={{ height: CHART_HEIGHT }} />
        <figcaption className={s.muted}>Loading the chart…</figcaption>
      </figure>
    </section>
  );
}
