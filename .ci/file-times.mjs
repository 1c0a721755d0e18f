// A vitest reporter for .ci/run: appends each test file's whole time (environment, import, hooks
// and tests) as a JSON line to the file $CI_TIMES names, for .ci/summary.mjs's table of the
// slowest files. (vitest's JSON report counts only the tests' own time, not beforeAll's.)
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimes {
  onTestModuleEnd(testModule) {
    const file = process.env.CI_TIMES;
    if (!file) return;
    const d = testModule.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const project = testModule.project.name;
    const line = {
      file: relative(process.env.CI_ROOT ?? process.cwd(), testModule.moduleId),
      project: [project, process.env.DATABASE_URL ? 'PostgreSQL' : ''].filter(Boolean).join(', '),
      seconds: Math.round(ms / 100) / 10,
      tests: [...testModule.children.allTests()].length,
      state: testModule.state(),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
