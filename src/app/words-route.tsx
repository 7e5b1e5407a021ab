/** Scaffold: the words route is being built (issue 15). */
import { WordsHead } from '../views/head/page-heads';

export default function WordsRoute() {
  return <WordsHead />;
}
