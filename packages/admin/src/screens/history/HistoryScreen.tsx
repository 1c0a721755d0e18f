import { Button } from '@lead/headless/Button';
import { Timeline } from '@lead/headless/Timeline';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime, wireToIso } from '../../lib/format.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { HistoryIcon } from '../../components/HistoryIcon.js';
import { history, loadHistory } from './history.store.js';
import * as st from './history.css.js';

export default function HistoryScreen() {
  const { data, page } = useSnapshot(history);
  useEffect(() => {
    void loadHistory(1);
  }, []);
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>System History</PageHeading>
      </header>
      {data ? (
        <>
          <Timeline
            aria-label="System history"
            items={data.history}
            getKey={(e) => e.id}
            getTime={(e) => ({
              dateTime: wireToIso(e.created_at) ?? e.created_at,
              label: formatDateTime(e.created_at),
            })}
            empty={data.message}
          >
            {(e) => (
              <div className={st.entry}>
                <span className={st.icon} data-history-icon="">
                  <HistoryIcon kind={e.icon} />
                </span>
                <div className={st.body}>
                  {/* The server builds this HTML from escaped values only (docs/api/accounts.md, History);
                      a status word comes marked as its badge. */}
                  <span className={st.text} data-history-text="" dangerouslySetInnerHTML={{ __html: e.text }} />
                  <span className={st.user} data-history-user="">
                    {e.user ? `${e.user.first_name} ${e.user.last_name}`.trim() : 'System'}
                  </span>
                </div>
              </div>
            )}
          </Timeline>
          <nav aria-label="History pages" className={s.row}>
            <Button
              isDisabled={data.prev_page === null}
              onPress={() => data.prev_page && void loadHistory(data.prev_page)}
            >
              Previous
            </Button>
            {/* Which page, not of how many: the server does not count every entry (docs/api.md, History). */}
            <span>Page {data.history.length === 0 ? 0 : page}</span>
            <Button
              isDisabled={data.next_page === null}
              onPress={() => data.next_page && void loadHistory(data.next_page)}
            >
              Next
            </Button>
          </nav>
        </>
      ) : null}
    </>
  );
}
