import { Button } from '@lead/headless/Button';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { Stepper, useStepper } from '@lead/headless/Stepper';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useParams, useSearch } from 'wouter';
import { setLeaveGuard } from '../../router/hash-location.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import * as st from './builder.css.js';
import { thankYouFirst } from './design.actions.js';
import { confirmLeave, guardLeave, leave, stayInBuilder } from './leave.js';
import { previewOnPage } from './preview.actions.js';
import { goTo, save, startCreate, startEdit } from './save.js';
import { STEP_LABELS, STEPS, builder, type StepId } from './state.js';
import { useStepValidity } from './useBuilderErrors.js';
import { DesignStep } from './DesignStep.js';
import { TargetStep } from './TargetStep.js';
import { TemplateStep } from './TemplateStep.js';
import { TriggerStep } from './TriggerStep.js';

/*
 * The Settings step brings the date-range picker, its calendar and temporal-polyfill (~50 KB):
 * loaded when first shown, and prefetched when the step before it shows or the pointer or focus
 * reaches the steps.
 */
const loadSettingsStep = () => import('./SettingsStep.js');
const SettingsStep = lazy(() => loadSettingsStep().then((m) => ({ default: m.SettingsStep })));
const prefetchSettings = () => void loadSettingsStep();

/** Create mode runs the steps in order, edit mode lets any be chosen. */
export default function BuilderScreen() {
  const { id } = useParams<{ id?: string }>();
  const search = useSearch();
  const snap = useSnapshot(builder);
  const leaving = useSnapshot(leave).pending !== null;
  useEffect(() => {
    const query = new URLSearchParams(search);
    if (id) void startEdit(Number(id), query);
    else startCreate(query);
    // The query only seeds the builder; later changes to it are the builder's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  // Leaving with unsaved changes asks first (closing or reloading the tab).
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (builder.dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    // And inside the app: "Leave without saving?" in the app's own dialog (leave.ts).
    const removeGuard = setLeaveGuard(guardLeave);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      removeGuard();
    };
  }, []);

  useEffect(() => {
    if (snap.step === 'design') prefetchSettings();
  }, [snap.step]);

  const edit = snap.mode === 'edit';
  if (!snap.loaded) return <PageHeading className={s.heading}>{edit ? 'Edit campaign' : 'New campaign'}</PageHeading>;

  return (
    <>
      <header className={s.pageHeader}>
        <div>
          <PageHeading className={s.heading}>{edit ? 'Edit campaign' : 'New campaign'}</PageHeading>
          <CampaignName />
        </div>
        {edit ? (
          <div className={st.headerActions}>
            <Button onPress={() => void previewOnPage()} aria-describedby="preview-note">
              Preview on a page
            </Button>
            <span id="preview-note" className={s.visuallyHidden}>
              Opens the saved campaign on a partner page in a new tab
            </span>
            <Button variant="primary" onPress={() => void save()}>
              Save
            </Button>
          </div>
        ) : null}
      </header>
      <Steps edit={edit}>
        <section className={st.step} aria-labelledby={`step-${snap.step}`}>
          <h2 id={`step-${snap.step}`} className={st.stepTitle}>
            {STEP_LABELS[snap.step]}
          </h2>
          {snap.step === 'target' ? <TargetStep /> : null}
          {snap.step === 'template' ? <TemplateStep /> : null}
          {snap.step === 'trigger' ? <TriggerStep /> : null}
          {snap.step === 'design' ? <DesignStep /> : null}
          {snap.step === 'settings' ? (
            <Suspense fallback={<p className={s.muted}>Loading…</p>}>
              <SettingsStep />
            </Suspense>
          ) : null}
        </section>
      </Steps>
      <ConfirmDialog
        isOpen={leaving}
        title="Leave without saving?"
        message="Your changes to this campaign are not saved."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={confirmLeave}
        onCancel={stayInBuilder}
      />
    </>
  );
}

/** Under the heading: the campaign's name and its site. */
function CampaignName() {
  const snap = useSnapshot(builder);
  return (
    <p className={s.muted}>
      {snap.name.trim() || 'Untitled'} · {snap.siteHost}
    </p>
  );
}

/**
 * The stepper above the step and Back / Next under it: they read every step's validity, so they
 * redraw on each change to the campaign; the step between them (`children`) is drawn by its own.
 */
function Steps({ edit, children }: { edit: boolean; children: ReactNode }) {
  const snap = useSnapshot(builder);
  const valid = useStepValidity();
  const state = useStepper<StepId>({
    mode: edit ? 'free' : 'linear',
    steps: STEPS.map((step) => ({ id: step, label: STEP_LABELS[step], isValid: valid[step] })),
    current: snap.step,
    onCurrentChange: goTo,
  });
  const next = () => {
    if (snap.step === 'design' && thankYouFirst()) return;
    state.next();
  };
  return (
    <>
      <div onPointerEnter={prefetchSettings} onFocus={prefetchSettings}>
        <Stepper state={state} aria-label="Campaign steps" />
      </div>
      {children}
      <div className={st.nav}>
        <Button isDisabled={!state.canBack} onPress={state.back}>
          Back
        </Button>
        {state.isLast ? (
          edit ? null : (
            <Button variant="primary" onPress={() => void save()}>
              Comfirm
            </Button>
          )
        ) : (
          <Button variant="primary" isDisabled={!state.canNext} onPress={next}>
            Next
          </Button>
        )}
      </div>
    </>
  );
}
