import { EffectScatterChart, MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, VisualMapComponent } from 'echarts/components';
import { use as registerModules } from 'echarts/core';
import { LabelLayout } from 'echarts/features';

// The map modules (DMA choropleth, walk-in and event maps) load only when a page shows a map.
registerModules([MapChart, ScatterChart, EffectScatterChart, GeoComponent, VisualMapComponent, LabelLayout]);
