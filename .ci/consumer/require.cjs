// A CommonJS consumer (a Jest-style test runner) requires the packages.
const assert = require('node:assert');
const { Button } = require('@lead/headless/Button');
const headless = require('@lead/headless');
const styles = require('@lead/styles');
assert.ok(['function', 'object'].includes(typeof Button), 'Button is a component');
assert.ok(headless.DataTable && headless.DateRangePicker && headless.Temporal, 'the root entry has every component');
assert.equal(typeof styles.lightTheme, 'string', '@lead/styles gives the theme class');
// A stylesheet per part is exported beside the whole theme.
for (const part of ['theme', 'base', 'button', 'table']) {
  assert.ok(
    require('node:fs').readFileSync(require.resolve(`@lead/styles/css/${part}.css`), 'utf8').length > 0,
    `@lead/styles/css/${part}.css`,
  );
}
console.log('CommonJS: require() of @lead/headless and @lead/styles works');
