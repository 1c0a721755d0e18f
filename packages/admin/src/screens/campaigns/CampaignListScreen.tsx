import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

export default function Screen() {
  return <PageHeading className={s.heading}>Campaign</PageHeading>;
}
