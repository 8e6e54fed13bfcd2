// The five outputs of an evaluator at 0-ply against the held-out rollouts, by phase: the rollout mean, the bias and the
// mean absolute error of each. java -cp "cli/target/tabla-cli.jar:cli/target/lib/*" Calibration.java ROLLOUTS.jsonl [WEIGHTS]
import java.nio.file.*; import java.util.*; import com.fasterxml.jackson.databind.*;
import tabla.bot.eval.*; import tabla.core.*; import tabla.core.format.PositionId;
public class Calibration { public static void main(String[] a) throws Exception {
  ObjectMapper m = new ObjectMapper(); Evaluator ev = a.length>1 ? Evaluator.read(Files.newInputStream(Path.of(a[1]))) : Evaluator.bundled(); Evaluator.Scratch s = ev.scratch();
  String[] names={"win","wg","wbg","lg","lbg"}; String[] keys={"win","winGammon","winBackgammon","loseGammon","loseBackgammon"};
  Map<String,double[]> sum=new TreeMap<>(); Map<String,Integer> cnt=new TreeMap<>();
  for (String line : Files.readAllLines(Path.of(a[0]))) { JsonNode n=m.readTree(line); Position p=PositionId.decode(n.get("position").asText()).get();
    float[] o=new float[5]; ev.evaluate(p,s,o); String ph=Phase.of(p).name();
    for (String key : new String[]{ph,"ALL"}) { double[] d=sum.computeIfAbsent(key,k->new double[15]); cnt.merge(key,1,Integer::sum);
      for(int k=0;k<5;k++){ double r=n.get(keys[k]).get(0).asDouble(); d[k]+=o[k]-r; d[5+k]+=Math.abs(o[k]-r); d[10+k]+=r; } } }
  for (var e: sum.entrySet()) { int c=cnt.get(e.getKey()); StringBuilder b=new StringBuilder(String.format("%-16s n=%3d", e.getKey(), c));
    for(int k=0;k<5;k++) b.append(String.format("  %s ro %.3f bias %+.4f mae %.4f", names[k], e.getValue()[10+k]/c, e.getValue()[k]/c, e.getValue()[5+k]/c)); System.out.println(b);} } }
