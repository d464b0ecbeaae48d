import Original from '@theme-original/BlogSidebar/Desktop';
import { hydratedApart } from '../../../components/DeferredHydration';

export default hydratedApart(Original);
