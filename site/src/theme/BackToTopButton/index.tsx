import Original from '@theme-original/BackToTopButton';
import { hydratedApart } from '../../components/DeferredHydration';

export default hydratedApart(Original);
