import Original from '@theme-original/BlogPostItem';
import { hydratedApart } from '../../components/DeferredHydration';

export default hydratedApart(Original);
