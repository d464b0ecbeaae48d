import Original from '@theme-original/TOC';
import { hydratedApart } from '../../components/DeferredHydration';

export default hydratedApart(Original);
