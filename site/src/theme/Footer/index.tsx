import Original from '@theme-original/Footer';
import { hydratedApart } from '../../components/DeferredHydration';

export default hydratedApart(Original);
