/** The /500 page (SPEC §2.1, §8), outside the shell. */
import { BlankLayout } from '../../layouts/BlankLayout';
import { Exception } from './Exception';

export default function ServerError() {
  return (
    <BlankLayout centered>
      <Exception code={500} />
    </BlankLayout>
  );
}
