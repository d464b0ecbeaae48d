import Original from '@theme-original/DocRoot/Layout/Main';
import { hydratedApart } from '../../../../components/DeferredHydration';

export default hydratedApart(Original);
