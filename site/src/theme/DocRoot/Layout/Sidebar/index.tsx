import Original from '@theme-original/DocRoot/Layout/Sidebar';
import { hydratedApart } from '../../../../components/DeferredHydration';

export default hydratedApart(Original);
