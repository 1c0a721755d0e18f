// A CommonJS consumer (a Jest-style test runner) requires the packages.
const assert = require('node:assert');
const { Button } = require('@lead/headless/Button');
const headless = require('@lead/headless');
const styles = require('@lead/styles');
assert.ok(['function', 'object'].includes(typeof Button), 'Button is a component');
assert.ok(headless.DataTable && headless.DateRangePicker && headless.Temporal, 'the root entry has every component');
assert.equal(typeof styles.lightTheme, 'string', '@lead/styles gives the theme class');
console.log('CommonJS: require() of @lead/headless and @lead/styles works');
