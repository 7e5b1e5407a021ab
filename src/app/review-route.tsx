/** Scaffold: the review route is being built (issue 15). */
import { ReviewHead } from '../views/head/page-heads';

export default function ReviewRoute() {
  return <ReviewHead />;
}
