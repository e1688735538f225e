/** The /403 page (SPEC §2.1, §8), outside the shell. */
import { BlankLayout } from '../../layouts/BlankLayout';
import { Exception } from './Exception';

export default function Forbidden() {
  return (
    <BlankLayout centered>
      <Exception code={403} />
    </BlankLayout>
  );
}
