import Original from '@theme-original/DocItem/TOC/Mobile';
import { hydratedApart } from '../../../../components/DeferredHydration';

export default hydratedApart(Original);
