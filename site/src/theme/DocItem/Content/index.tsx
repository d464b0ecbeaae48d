import Original from '@theme-original/DocItem/Content';
import { hydratedApart } from '../../../components/DeferredHydration';

export default hydratedApart(Original);
